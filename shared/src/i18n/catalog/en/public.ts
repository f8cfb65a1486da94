/** The visitor's pages: landing, assessment, results, matrix, not found, and the language switcher. */
export default {
  'language.label': 'Language',
} as const;
