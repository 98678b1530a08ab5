import { RemoveScroll as real } from 'react-remove-scroll';
import { describe, expect, it } from 'vitest';
import { RemoveScroll } from './remove-scroll-class-names';

describe('the AppShell stand-in for react-remove-scroll', () => {
  it('has the same class names as the package, so the header still keeps its place when a dialog locks scrolling', () => {
    expect(RemoveScroll.classNames).toEqual(real.classNames);
  });
});
