/** What other admin features may use of the settings: the values in effect, and which links still lead back to the site. */
export { useQuestionOrder, useSettings } from './queries.js';
export { linksToSiteItself, orderFieldHint, questionOrderNote, settingLabel } from './settings-form.js';
