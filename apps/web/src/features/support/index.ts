// What app/ and other features use of the support feature (named re-exports only).
export { clientConfigQueryOptions } from './api/get-client-config';
export { useSupportRequests } from './api/get-support-requests';
export { ContactSupportButton } from './components/contact-support-button';
export { ContactSupportProvider } from './components/contact-support-provider';
