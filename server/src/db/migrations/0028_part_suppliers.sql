-- Issue 18: a part's suppliers carry their details, not only a name: a JSONB array of
-- {nom, ice, contact, delai_jours} (ICE 15 digits as for clients, lead time in days). The names of migration 0024's
-- text[] become objects with only their name.
ALTER TABLE "parts" ALTER COLUMN "fournisseurs" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "fournisseurs" TYPE jsonb USING to_jsonb("fournisseurs");--> statement-breakpoint
UPDATE "parts" SET "fournisseurs" = (
  SELECT COALESCE(jsonb_agg(jsonb_build_object('nom', f, 'ice', NULL, 'contact', NULL, 'delai_jours', NULL)
                            ORDER BY i), '[]'::jsonb)
  FROM jsonb_array_elements_text("fournisseurs") WITH ORDINALITY AS u(f, i)
) WHERE jsonb_typeof("fournisseurs") = 'array' AND "fournisseurs" <> '[]'::jsonb
    AND jsonb_typeof("fournisseurs"->0) = 'string';--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "fournisseurs" SET DEFAULT '[]'::jsonb;
--> statement-breakpoint
-- A part's photo (issue 18): the storage key of the image under uploads/parts/<id>/ and its type.
ALTER TABLE "parts" ADD COLUMN IF NOT EXISTS "photo_key" varchar(300);--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN IF NOT EXISTS "photo_type" varchar(50);
