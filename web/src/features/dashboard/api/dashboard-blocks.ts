import { type DashboardBlock, readableBlocks, statsReadable } from '@gmao/domain/dashboard/dashboard-access';
import { useMemo } from 'react';
import { usePermissions } from '../../../lib/session';

/**
 * The dashboard blocks the user may read (issue 29, `domain/dashboard/dashboard-access.ts`): a block he may not read
 * is not shown and its data is not requested (the server would answer 403). `stats`: whether `/dashboard/stats` holds
 * any figure for him.
 */
export function useDashboardBlocks(): Record<DashboardBlock, boolean> & { stats: boolean } {
  const { can, limitedToSections } = usePermissions();
  const limited = limitedToSections === true;
  return useMemo(() => {
    const blocks = readableBlocks(can, limited);
    return { ...blocks, stats: statsReadable(blocks) };
  }, [can, limited]);
}
