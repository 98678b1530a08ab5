/** The folder, under the app's base, where the web build puts MathLive's fonts and sounds (vite-plugins). */
export const MATHLIVE_ASSETS_DIR = 'mathlive-assets';

/** Where MathLive finds its fonts or sounds, e.g. `/mathlive-assets/fonts` for the base `/`. */
export function mathliveAssetPath(base: string, kind: 'fonts' | 'sounds'): string {
  return `${base.endsWith('/') ? base : `${base}/`}${MATHLIVE_ASSETS_DIR}/${kind}`;
}
