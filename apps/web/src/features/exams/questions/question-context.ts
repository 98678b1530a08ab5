import { createContext, useContext } from 'react';

/**
 * Where the questions on a page are being answered or reviewed. Only activity questions need it: their answer is the
 * student's response to an activity in a class, which the page loads and saves itself. Without it (a demo, or a
 * teacher transcribing a paper) an activity question says where it is answered instead.
 */
export interface QuestionContextValue {
  classId: number;
  /** The signed-in user, whose browser keeps unsaved activity answers under their id. */
  userId: number;
  /** Whose answers are shown: a teacher reviewing a student passes the student's profile; omitted for one's own. */
  profileId?: number;
}

export const QuestionContext = createContext<QuestionContextValue | null>(null);

export function useQuestionContext(): QuestionContextValue | null {
  return useContext(QuestionContext);
}
