-- The consignation attestation's signatures (issue 34): the chargé de consignation's and the chargé de travaux's
-- drawn signatures, stored through the file storage (PNG), their keys linked to the record, printed on its PDF.
ALTER TABLE "intervention_consignations" ADD COLUMN IF NOT EXISTS "signature_cc_key" varchar(255);--> statement-breakpoint
ALTER TABLE "intervention_consignations" ADD COLUMN IF NOT EXISTS "signature_ct_key" varchar(255);
