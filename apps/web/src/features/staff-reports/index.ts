// What app/ and other features use of the staff-reports feature (named re-exports only).

// The pages app/'s route tables load. The tables import each page module by its path (not this file), so
// every page stays its own lazy chunk.
export { EmailDomainReportRoute } from './routes/email-domain-report-page';
export { SalesLeadReportRoute } from './routes/sales-lead-report-page';
