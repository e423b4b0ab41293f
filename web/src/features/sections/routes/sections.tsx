import { PagePlaceholder } from '../../../components/layout/page-header';

// Placeholder page: replaced by the issue 3 feature work (keep this file path and its default export).
export default function SectionsRoute() {
  return <PagePlaceholder title="Sections" />;
}
