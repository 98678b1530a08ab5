// The tour's text, loaded with its dialog (product-tour-dialog.tsx) rather than with every page's navbar.

export interface TourStep {
  title: string;
  body: string;
  points: string[];
}

/** A short tour of what the signed-in person can do, by role. Plain text, so it reads the same to a screen reader. */
export function tourSteps(teaching: boolean): TourStep[] {
  const start: TourStep = {
    title: 'Find your way',
    body: 'The menu on the left holds everything you use day to day.',
    points: [
      'Home shows your classes and what is new.',
      'Each class opens its course: topics, lessons, question sets and exams.',
      'Press Alt+J anywhere to jump to a course by name.',
    ],
  };
  if (teaching) {
    return [
      start,
      {
        title: 'See how the class is going',
        body: 'On a class course page, every lesson and exam links to a progress grid of students × items.',
        points: [
          'Colours show how far each student got, and each cell also shows its number.',
          'Insights chart a lesson’s engagement and an exam’s results, each chart also as a table.',
          'Every grid exports to CSV.',
        ],
      },
      {
        title: 'Hide names on a projector',
        body: '“Hide student names” swaps real names for the day’s animal names everywhere, exports included.',
        points: ['It stays on until 2 am tomorrow, or until you turn it off.', 'The animal names change every day.'],
      },
      {
        title: 'Set work and follow it up',
        body: 'Tasks bundle lessons, question sets, exams and activities with a due date.',
        points: [
          'Students see their tasks and what is left.',
          'Task insights show who has finished and how they did.',
          '“Topics to revisit” shows what the class keeps getting wrong in review.',
        ],
      },
    ];
  }
  return [
    start,
    {
      title: 'Keep track of your work',
      body: 'Tasks from your teachers show what is due and what is left.',
      points: ['Lessons remember where you got to.', 'Answers save as you type; you never lose work.'],
    },
    {
      title: 'Remember what you learn',
      body: 'Today’s review brings back questions you found hard, a little later each time you get them right.',
      points: ['A few minutes a day is enough.', 'Each answer shows the worked solution.'],
    },
  ];
}
