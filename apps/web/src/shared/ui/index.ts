export { Traits } from './Traits';
export { StatusBadge } from './StatusBadge';
export { PageFrame } from './PageFrame';
export * from './icons';
export { MissingId } from './MissingId';
export { PhoneField } from './PhoneField';
export { NewPasswordFields } from './NewPasswordFields';
export { ConfirmDialog } from './ConfirmDialog';
export { LiveIndicator } from './LiveIndicator';
