// What app/ and other features use of the accounts feature (named re-exports only).
export { meQueryOptions, useMe } from './api/get-me';
export { endSession } from './api/logout';
export { SignInForm } from './components/sign-in-form';
export { UserEditRoute } from './routes/user-edit-page';
