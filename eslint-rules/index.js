import featureFaces from './feature-faces.js';

/** The project's own ESLint rules (eslint.config.js registers this plugin as `banksia`). */
export default {
  meta: { name: 'eslint-plugin-banksia' },
  rules: { 'feature-faces': featureFaces },
};
