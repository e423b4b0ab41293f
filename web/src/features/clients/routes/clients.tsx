import { PageHeader } from '../../../components/layout/page-header';
import { paths } from '../../../lib/paths';
import { useDetailParam } from '../../../lib/use-detail-param';
import { ClientsList } from '../components/clients-list';

/** /clients; `/clients/:id` opens that client's detail. */
export default function ClientsRoute() {
  const { initialDetailId, onDetailClose } = useDetailParam(paths.clients);
  return (
    <section>
      <PageHeader title="Clients" description="Les sociétés clientes, leurs contacts et leurs équipements." />
      <ClientsList variant="page" initialDetailId={initialDetailId} onDetailClose={onDetailClose} />
    </section>
  );
}
