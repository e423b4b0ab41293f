import { PagePlaceholder } from '../../../components/layout/page-header';

// Placeholder page: replaced by the issue 6 feature work (keep this file path and its default export).
export default function ReportsRoute() {
  return <PagePlaceholder title="Rapports" />;
}
