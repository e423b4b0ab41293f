import { PagePlaceholder } from '../../../components/layout/page-header';

// Placeholder page: replaced by the issue 5 feature work (keep this file path and its default export).
export default function InterventionsRoute() {
  return <PagePlaceholder title="Interventions" />;
}
