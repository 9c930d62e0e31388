-- Row-level security on the certificate's three private tables (20261208000100), as on every
-- other table: the private schema is not in the Data API and no API role has a grant on them,
-- but a later grant or an exposed schema must still find them closed. No policy: only the
-- security-definer functions of that migration (and owner_numbers) read and write them, as
-- the tables' owner.
alter table private.course_lessons enable row level security;
alter table private.course_prices enable row level security;
alter table private.deleted_certificates enable row level security;
