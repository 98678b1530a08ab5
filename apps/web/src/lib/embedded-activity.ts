import { createContext, useContext, type ComponentType } from 'react';

// Exams embed activities (a question whose answer is an activity) without importing the activities feature: the app
// provides the activity components here (app/providers.tsx), and the exams feature renders whatever it is given.

/** An activity answered inside another page (an exam question), saved by the activity's own autosave. */
export interface EmbeddedActivityProps {
  activityId: number;
  classId: number;
  /** The signed-in user, whose browser keeps unsaved activity answers under their id. */
  userId: number;
  /** Shows the student's work read-only (the exam no longer takes answers). */
  disabled?: boolean;
  /** Called when the student changes something, with the id of their response to the activity. */
  onResponse: (activityResponseId: number) => void;
}

/** A student's work in an activity, read-only: their own, or with `profileId` a student's for their teacher. */
export interface EmbeddedActivityReviewProps {
  activityId: number;
  classId: number;
  profileId?: number;
}

export interface EmbeddedActivityComponents {
  Answer: ComponentType<EmbeddedActivityProps>;
  Review: ComponentType<EmbeddedActivityReviewProps>;
}

export const EmbeddedActivityContext = createContext<EmbeddedActivityComponents | null>(null);

/** The activity components the app provides, or null where none are (a page shows where to answer instead). */
export function useEmbeddedActivity(): EmbeddedActivityComponents | null {
  return useContext(EmbeddedActivityContext);
}
