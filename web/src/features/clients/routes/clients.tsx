import { PagePlaceholder } from '../../../components/layout/page-header';

// Placeholder page: replaced by the issue 4 feature work (keep this file path and its default export).
export default function ClientsRoute() {
  return <PagePlaceholder title="Clients" />;
}
