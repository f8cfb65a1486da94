import type publicMessages from '../en/public.js';
import type { MessagesOf } from '../types.js';

export default {
  'language.label': 'Sprache',
} satisfies MessagesOf<typeof publicMessages>;
