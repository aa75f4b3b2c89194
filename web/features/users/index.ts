export { CreateUserDialog } from './components/create-user-dialog';
export type { UserDialogProps } from './components/create-user-dialog';
export { EditUserDialog } from './components/edit-user-dialog';
export { UserListDialog } from './components/user-list-dialog';
