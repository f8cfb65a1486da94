/** Form fields bound to react-hook-form, so every admin form labels, marks and reports alike. */
export { DateField, type DateFieldProps } from './DateField.js';
export { NumberField, type NumberFieldProps } from './NumberField.js';
export { SelectField, type SelectFieldProps } from './SelectField.js';
export { SwitchField, type SwitchFieldProps } from './SwitchField.js';
export { TextField, type TextFieldProps } from './TextField.js';
