import { Intent } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useToast } from '../../lib/toasts.js';
import { usePlatform } from '../../platform/platform-context.js';

/**
 * Copies text through the host's clipboard and says so: "Copied!", or, when the host
 * refused, that the text must be copied by hand. Resolves to whether it was copied.
 */
export function useCopyText(): (text: string) => Promise<boolean> {
  const platform = usePlatform();
  const { show } = useToast();
  return useCallback(
    async (text: string) => {
      try {
        await platform.copyText(text);
        show({ title: 'Copied!', intent: Intent.SUCCESS });
        return true;
      } catch {
        show({
          title: 'Error',
          description: 'Could not copy to the clipboard. Select the text and copy it yourself.',
          intent: Intent.DANGER,
        });
        return false;
      }
    },
    [platform, show],
  );
}
