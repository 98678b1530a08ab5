/** Spaced retrieval on the web: the student's review for today and the class's topics to revisit. */
export { ReviewPage } from './routes/review-page';
export { ReviewTopicsPage } from './routes/review-topics-page';
