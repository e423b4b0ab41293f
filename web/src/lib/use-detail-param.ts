import { useNavigate, useParams, useSearchParams } from 'react-router';

/**
 * The item a list page opens from its URL: the deep link `/<list>/:id` (notifications, e-mails, QR codes, shared
 * links) or the older `?id=`. Closing the detail returns to the list's own address.
 */
export function useDetailParam(listPath: string): { initialDetailId: number | null; onDetailClose: () => void } {
  const { id: pathId } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const raw = pathId ?? params.get('id');
  const id = raw !== null && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
  return {
    initialDetailId: id,
    onDetailClose: () => {
      if (pathId !== undefined) void navigate(listPath, { replace: true });
      else if (params.has('id')) setParams({}, { replace: true });
    },
  };
}
