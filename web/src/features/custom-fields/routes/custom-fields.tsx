import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import { PageHeader } from '../../../components/layout/page-header';
import { CustomFieldsList } from '../components/custom-fields-list';

/** /admin/custom-fields — administrators only (the router's RequireRole guard; the server checks the role too). */
export default function CustomFieldsRoute() {
  return (
    <section>
      <PageHeader title={M.title} description={M.description} />
      <CustomFieldsList />
    </section>
  );
}
