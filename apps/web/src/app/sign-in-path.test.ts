import { describe, expect, it } from 'vitest';
import { isServerPage, safeNextPath, signInPath } from './sign-in-path';

describe('signInPath', () => {
  it('remembers the whole address of the page wanted', () => {
    expect(signInPath({ pathname: '/content/admin/users/edit/', search: '?q=ava', hash: '#top' })).toBe(
      '/account/?next=%2Fcontent%2Fadmin%2Fusers%2Fedit%2F%3Fq%3Dava%23top',
    );
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/account/profile/', '/account/profile/'],
    ['/content/admin/users/edit/?q=ava', '/content/admin/users/edit/?q=ava'],
    ['/account/#class-3', '/account/#class-3'],
  ])('keeps the same-site path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['https://evil.example.com/'],
    ['//evil.example.com/'],
    ['/\\evil.example.com/'],
    ['javascript:alert(1)'],
    ['account/profile/'],
    ['/account/logout/'],
  ])('refuses %s', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });
});

describe('isServerPage', () => {
  it.each([
    ['/secret/', true],
    ['/secret/lessons/3/', true],
    ['/enrolinator/datasets/?year=2026', true],
    ['/account/', false],
    ['/content/admin/secret/', false],
  ])('%s → %s', (path, expected) => {
    expect(isServerPage(path)).toBe(expected);
  });
});
