import { PageHeader } from '../../../components/layout/page-header';
import { ClientsList } from '../components/clients-list';

export default function ClientsRoute() {
  return (
    <section>
      <PageHeader title="Clients" description="Les sociétés clientes, leurs contacts et leurs équipements." />
      <ClientsList variant="page" />
    </section>
  );
}
