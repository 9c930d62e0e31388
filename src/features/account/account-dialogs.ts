/** The dashboard's account dialogs, loaded together on the first tap that opens one (./AccountActions.tsx), and the page after a deletion (./Dashboard.tsx). */
export { default as DeleteAccountDialog, AccountDeleted } from './DeleteAccountDialog';
export { default as CredentialsDialog } from './CredentialsDialog';
