import { MAIL_MESSAGES as M } from '@gmao/domain/mail/mail-schemas';
import { PageHeader } from '../../../components/layout/page-header';
import { MailSettingsCard } from '../components/mail-settings';

/** /admin/messagerie — the installation's SMTP server, administrators only (the router's RequireRole guard). */
export default function MailAdminRoute() {
  return (
    <section>
      <PageHeader title={M.pageTitle} description={M.intro} />
      <MailSettingsCard />
    </section>
  );
}
