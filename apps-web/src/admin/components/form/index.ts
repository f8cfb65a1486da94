/** Form fields bound to react-hook-form, so every admin form labels, marks and reports alike. */
export { CheckboxField, type CheckboxFieldProps } from './CheckboxField.js';
export { DateField, type DateFieldProps } from './DateField.js';
export { NumberField, type NumberFieldProps } from './NumberField.js';
export { RadioGroupField, type RadioGroupFieldProps, type RadioOption } from './RadioGroupField.js';
export { SelectField, type SelectFieldProps } from './SelectField.js';
export { SwitchField, type SwitchFieldProps } from './SwitchField.js';
export { TextField, type TextFieldProps } from './TextField.js';
