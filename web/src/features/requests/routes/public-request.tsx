import { useParams } from 'react-router';
import { PublicRequestPage } from '../components/public-request-page';

/** /r/{token}: the page an equipment's QR code opens, without an account (issue 33). */
export default function PublicRequestRoute() {
  const { token = '' } = useParams();
  return <PublicRequestPage key={token} token={token} />;
}
