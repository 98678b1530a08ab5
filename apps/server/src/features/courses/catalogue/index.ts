/** What the rest of courses may use of the catalogue (course lists, course pages, class course views, selectors). */
export { catalogueRoutes } from './catalogue.routes';
