// Placeholders until user administration lands (issue 5); the home screen mounts these exports.
export { CreateUserDialog, EditUserDialog } from './components/user-dialogs';
export type { UserDialogProps } from './components/user-dialogs';
