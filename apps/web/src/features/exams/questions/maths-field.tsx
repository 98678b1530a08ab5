import { Box, Input, TextInput } from '@mantine/core';
import { Component, lazy, Suspense, useId, type ReactNode } from 'react';

// MathLive is large: it loads in its own chunk the first time a maths question shows, not with the exam pages.
const MathsFieldImpl = lazy(() => import('./maths-field-impl'));

export interface MathsFieldProps {
  /** LaTeX. */
  value: string;
  onChange: (latex: string) => void;
  label: string;
  description?: string;
  disabled?: boolean;
}

/**
 * A maths answer typed with MathLive. Until MathLive has loaded (or if it cannot load) a plain text box takes the
 * answer instead, as text the marking also reads ("2x+6", "sqrt(x)/2"), so nothing typed meanwhile is lost.
 */
export function MathsField({ value, onChange, label, description, disabled }: MathsFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const plain = (
    <TextInput
      aria-labelledby={labelId}
      aria-describedby={description ? descriptionId : undefined}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      disabled={disabled}
      autoComplete="off"
      spellCheck={false}
      size="md"
    />
  );
  return (
    <Input.Wrapper
      label={label}
      description={description}
      labelElement="div"
      labelProps={{ id: labelId }}
      descriptionProps={{ id: descriptionId }}
    >
      <Box mt={4}>
        <FallbackOnError fallback={plain}>
          <Suspense fallback={plain}>
            <MathsFieldImpl
              id={id}
              value={value}
              onChange={onChange}
              labelledBy={labelId}
              describedBy={description ? descriptionId : undefined}
              disabled={disabled}
            />
          </Suspense>
        </FallbackOnError>
      </Box>
    </Input.Wrapper>
  );
}

/** Shows `fallback` in place of children that failed to load or render (e.g. MathLive's chunk not reachable). */
class FallbackOnError extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
