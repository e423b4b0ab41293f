-- One visibility (issue 33): a stock location belongs to a section — an agency's store named explicitly, else its
-- technician's (a van) or its client's (a site store). A section-limited user sees the locations of his section and
-- their movements (db/visibility.ts locationVisible).
ALTER TABLE "stock_locations" ADD COLUMN IF NOT EXISTS "section_id" integer REFERENCES "sections"("id") ON DELETE SET NULL;
