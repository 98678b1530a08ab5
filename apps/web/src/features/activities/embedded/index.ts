// An activity shown inside another feature's page (an exam's activity question). app/providers.tsx loads this lazily,
// so the activity editors and viewers stay out of the pages that never show one.
export { default, EmbeddedActivityReview } from '../components/embedded-activity';
