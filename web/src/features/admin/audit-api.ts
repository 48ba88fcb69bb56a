import type { AuditPage, AuditQuery } from '@moba/contracts';
import { baseApi } from '../../lib/api';

/** The append-only admin audit log (POST /admin/audit): read only, newest first. */
export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    auditLog: build.query<AuditPage, Partial<AuditQuery>>({
      query: (body) => ({ url: '/admin/audit', method: 'POST', body }),
      providesTags: [{ type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const { useAuditLogQuery } = auditApi;
