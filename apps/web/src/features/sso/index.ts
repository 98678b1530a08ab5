/** What the app composes of single sign-on: the sign-in form's "Continue with …" button. */
export { SsoContinue } from './components/sso-continue';
