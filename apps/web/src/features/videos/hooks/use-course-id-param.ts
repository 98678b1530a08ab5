import { useParams } from 'react-router';

export function useCourseIdParam(): number {
  const { courseId } = useParams();
  return Number(courseId);
}
