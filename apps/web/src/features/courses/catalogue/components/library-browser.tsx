import type { Course } from '@banksia/contracts/courses';
import {
  courseOptionLabel,
  currentAcademicYear,
  filterCourseOptions,
  type CourseOption,
} from '@banksia/contracts/rules/course-selector';
import { Anchor, Badge, Card, EmptyState, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBook2, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { urlFor } from '../../../../lib/named-routes';
import { plural } from '../utils/format';

/** A course as the course selector's rule sees it. */
export function toCourseOption(course: Course): CourseOption {
  return {
    course_id: course.id,
    title: course.title,
    year_published: course.year_published,
    default_year_level: course.default_year_level,
    curriculum: course.curriculum,
    has_textbook: course.has_textbook,
  };
}

interface LibraryBrowserProps {
  courses: readonly Course[];
  search: string;
  onSearchChange: (search: string) => void;
  /** The page-wide academic year; older courses show only when a year is typed (spec §5). */
  academicYear?: number;
}

/** The published courses, searched with the course selector's rule, each linking to how to get into it. */
export function LibraryBrowser({
  courses,
  search,
  onSearchChange,
  academicYear = currentAcademicYear(new Date()),
}: LibraryBrowserProps) {
  const byId = useMemo(() => new Map(courses.map((c) => [c.id, c])), [courses]);
  const results = useMemo(() => {
    // Newest first, then by title with numbers in order ("Year 9" before "Year 10").
    const options = courses
      .filter((c) => c.is_published)
      .sort((a, b) => b.year_published - a.year_published || a.title.localeCompare(b.title, 'en', { numeric: true }))
      .map(toCourseOption);
    return filterCourseOptions(options, search, { currentAcademicYear: academicYear }).flatMap((option) => {
      const course = byId.get(option.course_id);
      return course ? [course] : [];
    });
  }, [courses, byId, search, academicYear]);

  return (
    <Stack gap="md">
      <TextInput
        label="Search the library"
        description={`By title, year level, curriculum or course number. Courses from before ${academicYear} show when you type their year, such as ${academicYear - 1}.`}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        type="search"
        maw={560}
      />
      <Text size="sm" c="dimmed" aria-live="polite">
        {results.length === 0 ? 'No courses match your search.' : plural(results.length, 'course')}
      </Text>
      {results.length === 0 ? (
        <EmptyState
          icon={<IconBook2 size={28} aria-hidden />}
          title="Nothing found"
          description="Try fewer words, or type a year to search older courses."
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {results.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function CourseCard({ course }: { course: Course }) {
  const headingId = `library-course-${course.id}`;
  return (
    <Card withBorder padding="lg" h="100%" component="article" aria-labelledby={headingId}>
      <Stack gap="xs" h="100%">
        <Text component="h2" fw={700} size="lg" m={0} id={headingId} lh={1.3}>
          <Anchor component={Link} to={urlFor('library-access', { courseId: course.id })} inherit>
            {course.title}
          </Anchor>
        </Text>
        <Text size="sm">{course.subject}</Text>
        <Text size="sm" c="dimmed">
          {[course.default_year_level && `Year ${course.default_year_level}`, course.curriculum, course.year_published]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {course.has_textbook && (
          <Badge variant="light" w="fit-content">
            Textbook
          </Badge>
        )}
        <Text size="xs" c="dimmed" mt="auto" title={courseOptionLabel(toCourseOption(course))}>
          Course #{course.id}
        </Text>
      </Stack>
    </Card>
  );
}
