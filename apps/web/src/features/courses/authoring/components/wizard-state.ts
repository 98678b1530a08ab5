import {
  createCourseBody,
  createCourseResponse,
  type CreateCourseBody,
  type CreateCourseResponse,
} from '@banksia/contracts/authoring-courses';
import { useCallback, useState } from 'react';
import { z } from 'zod';

/**
 * The course wizard's answers, kept in session storage so a reload (or going back a step) loses nothing, and
 * scoped to the tab: another tab starts its own course.
 */
export const WIZARD_KEY = 'banksia.course-wizard';
export const CREATED_KEY = 'banksia.course-wizard.created';

export type WizardDetails = CreateCourseBody['details'];
export type WizardStructure = CreateCourseBody['structure'];

export interface WizardState {
  details: WizardDetails | null;
  structure: WizardStructure | null;
}

const storedState = z.object({
  details: createCourseBody.shape.details.nullable(),
  structure: createCourseBody.shape.structure.nullable(),
});

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the wizard still works within the page.
  }
}

export function readWizard(): WizardState {
  return read(WIZARD_KEY, storedState) ?? { details: null, structure: null };
}

/** The wizard's answers and a setter that stores them at once. */
export function useWizardState() {
  const [state, setState] = useState<WizardState>(readWizard);
  const update = useCallback((change: Partial<WizardState>) => {
    setState((current) => {
      const next = { ...current, ...change };
      write(WIZARD_KEY, next);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    write(WIZARD_KEY, null);
    setState({ details: null, structure: null });
  }, []);
  return { state, update, clear };
}

/** Forgets the answers once the course is made (the page showing them is leaving, so its state stays). */
export function forgetWizard(): void {
  write(WIZARD_KEY, null);
}

export function storeCreated(result: CreateCourseResponse): void {
  write(CREATED_KEY, result);
}

export function readCreated(): CreateCourseResponse | null {
  return read(CREATED_KEY, createCourseResponse);
}
