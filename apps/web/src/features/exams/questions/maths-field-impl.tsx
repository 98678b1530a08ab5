import { MathfieldElement } from 'mathlive';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { mathliveAssetPath } from './mathlive-assets';

// MathLive loads its fonts and keyboard sounds from these folders, which the web build copies from the package and
// the server serves (vite-plugins/mathlive-assets.ts): nothing comes from a CDN. Set before any field exists, since
// a field made earlier would already have asked for the fonts next to the script.
MathfieldElement.fontsDirectory = mathliveAssetPath(import.meta.env.BASE_URL, 'fonts');
MathfieldElement.soundsDirectory = mathliveAssetPath(import.meta.env.BASE_URL, 'sounds');

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'math-field': React.DetailedHTMLProps<React.HTMLAttributes<MathfieldElement>, MathfieldElement>;
    }
  }
}

export interface MathsFieldImplProps {
  id: string;
  /** LaTeX, as the field produces it. */
  value: string;
  onChange: (latex: string) => void;
  /** Ids of the visible label and description, read out for the field. */
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
}

/**
 * MathLive's `<math-field>`: typed with the keyboard (arrows move through the formula, `/` makes a fraction, `^` a
 * power) or, on touch screens, its own maths keyboard. Heavy, so only loaded through `MathsField`.
 */
export default function MathsFieldImpl({
  id,
  value,
  onChange,
  labelledBy,
  describedBy,
  disabled,
}: MathsFieldImplProps) {
  const ref = useRef<MathfieldElement>(null);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    const onInput = () => onChangeRef.current(field.value);
    field.addEventListener('input', onInput);
    return () => field.removeEventListener('input', onInput);
  }, []);

  // A value from outside (a draft put back, the latest version loaded) replaces what is shown; the field's own
  // edits come back equal, so the caret stays where it is while typing.
  useEffect(() => {
    const field = ref.current;
    if (field && field.value !== value) field.value = value;
  }, [value]);

  useEffect(() => {
    const field = ref.current;
    if (field) field.readOnly = disabled ?? false;
  }, [disabled]);

  return (
    <math-field
      ref={ref}
      id={id}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      style={{
        display: 'block',
        minHeight: 44,
        padding: '6px 10px',
        fontSize: 22,
        border: '1px solid var(--mantine-color-gray-5)',
        borderRadius: 'var(--mantine-radius-sm)',
        background: disabled ? 'var(--mantine-color-gray-1)' : 'var(--mantine-color-white)',
      }}
    />
  );
}
