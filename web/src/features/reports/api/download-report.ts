import { type ReportFilter, reportFileName } from '@gmao/domain/reports/report-schemas';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/api-client';
import { reportQuery } from './get-report-summary';

export function downloadReport(filter: ReportFilter, format: 'csv' | 'pdf') {
  return downloadFile(`/reports/export.${format}`, reportFileName(filter, format), reportQuery(filter));
}

export function useDownloadReport() {
  return useMutation({
    mutationFn: ({ filter, format }: { filter: ReportFilter; format: 'csv' | 'pdf' }) => downloadReport(filter, format),
    retry: false,
  });
}
