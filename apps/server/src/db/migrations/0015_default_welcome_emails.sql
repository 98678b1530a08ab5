-- The welcome journey the product ships with (docs/staff-tools.md): three emails for teachers on a teacher trial and
-- one for teachers of a new normal class. Inserted once, by this migration; staff edit or delete them freely after.
INSERT INTO "welcome_email_steps" ("role", "class_type", "days_after", "subject", "body", "stop_when", "is_active", "created_at", "updated_at") VALUES
('teacher', 'TT', 2, 'Add your students to {{class_title}}',
'Hello {{first_name}},

Your trial class {{class_title}} on {{course_title}} is ready for students. Share the class''s join link with them (you find it on the class page), or upload a class list.

Sign in: {{sign_in_link}}', 'added_students', true, now(), now()),
('teacher', 'TT', 5, 'Open a lesson of {{course_title}}',
'Hello {{first_name}},

The quickest way to see what {{course_title}} offers is to open one of its lessons, watch a video and try an activity, as your students would.

Sign in: {{sign_in_link}}', 'opened_lesson', true, now(), now()),
('teacher', 'TT', 10, 'How is your trial going?',
'Hello {{first_name}},

Your trial of {{course_title}} has been running for ten days. If you would like to keep using Banksia with your classes at {{school_name}}, reply to this email and we will help you set them up; your trial class and all its work carry over.

Sign in: {{sign_in_link}}', 'created_class', true, now(), now()),
('teacher', 'N', 1, 'Getting started with {{class_title}}',
'Hello {{first_name}},

Your class {{class_title}} on {{course_title}} is ready. Add your students by sharing the class''s join link or uploading a class list, then follow their progress on the class grid.

Sign in: {{sign_in_link}}', 'added_students', true, now(), now());
