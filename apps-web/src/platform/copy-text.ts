/**
 * The older way to copy: select the text in an off-screen field and run the copy command. Still the
 * only way on pages served over plain http from another machine (not a secure context, so without
 * `navigator.clipboard`) and in browsers that refuse the asynchronous API.
 */
function copyWithSelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.top = '-1000px';
  field.style.opacity = '0';
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(field);
  field.select();
  let copied: boolean;
  try {
    // Deprecated, but it has no replacement where the Clipboard API is missing.
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    field.remove();
    // The copy button keeps the focus, as it would had nothing happened.
    focused?.focus();
  }
  return copied;
}

/** Copies text to the clipboard: the Clipboard API where there is one, else the selection fallback. */
export async function copyTextInBrowser(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, document not focused): the selection may still work.
    }
  }
  if (!copyWithSelection(text)) throw new Error('The browser did not allow copying to the clipboard.');
}
