/** A complete translation of an English catalogue part: every id, each a string. */
export type MessagesOf<T> = { readonly [K in keyof T]: string };
