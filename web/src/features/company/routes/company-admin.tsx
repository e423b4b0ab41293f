import { COMPANY_MESSAGES as M } from '@gmao/domain/settings/company-schemas';
import { PageHeader } from '../../../components/layout/page-header';
import { CompanyProfileCard } from '../components/company-profile-card';

/** /admin/entreprise — the company profile, administrators only (the router's RequireRole guard). */
export default function CompanyAdminRoute() {
  return (
    <section>
      <PageHeader title={M.pageTitle} description={M.intro} />
      <CompanyProfileCard />
    </section>
  );
}
