/** What other features use of sign-in and the signed-in account (the account pages' calls stay inside). */
export { useDontShowGuidanceMutation, useLogoutMutation, useMeQuery, useSetLanguageMutation } from './api';
