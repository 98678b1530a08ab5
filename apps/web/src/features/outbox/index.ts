// What app/ and other features use of the outbox feature (named re-exports only).

// The pages app/'s route tables load. The tables import each page module by its path (not this file), so
// every page stays its own lazy chunk.
export { OutboxMessageRoute } from './routes/outbox-message-page';
export { OutboxRoute } from './routes/outbox-page';
