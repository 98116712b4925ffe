import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChecklistUpdate,
  DocumentOverview,
  DocumentRequest,
  DocumentRequestResult,
  DocumentType,
  DocumentTypeCreate,
  DocumentTypeList,
  DocumentTypeUpdate,
  EmployeeDocument,
  EmployeeDocuments,
} from '../../../../../shared/documents.ts';
import type { EmploymentType } from '../../../../../shared/employees.ts';
import { api, type QueryParams } from '../../lib/api.ts';

export const documentsKey = ['documents'] as const;

export function useDocumentTypes() {
  return useQuery({
    queryKey: [...documentsKey, 'types'],
    queryFn: () => api.get<DocumentTypeList>('/api/documents/types'),
    staleTime: 60_000,
  });
}

export function useEmployeeDocuments(employeeId: string | undefined) {
  return useQuery({
    queryKey: [...documentsKey, 'employee', employeeId],
    queryFn: () => api.get<EmployeeDocuments>(`/api/employees/${employeeId}/documents`),
    enabled: Boolean(employeeId),
  });
}

export function useDocumentOverview(params: QueryParams) {
  return useQuery({
    queryKey: [...documentsKey, 'overview', params],
    queryFn: () => api.get<DocumentOverview>('/api/documents/overview', params),
    placeholderData: keepPreviousData,
  });
}

/** Every documents query (and the audit trails they feed) reloads after a change. */
function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: documentsKey });
    void qc.invalidateQueries({ queryKey: ['employees', 'audit'] });
    void qc.invalidateQueries({ queryKey: ['audit'] });
  };
}

export interface UploadInput {
  employeeId: string;
  file: File;
  typeId?: string | undefined;
  title?: string | undefined;
  expiresOn?: string | undefined;
  note?: string | undefined;
}

export function useUploadDocument() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: UploadInput) => {
      const form = new FormData();
      if (input.typeId) form.set('typeId', input.typeId);
      if (input.title) form.set('title', input.title);
      if (input.expiresOn) form.set('expiresOn', input.expiresOn);
      if (input.note) form.set('note', input.note);
      form.set('file', input.file, input.file.name);
      return api.form<EmployeeDocument>(`/api/employees/${input.employeeId}/documents`, form);
    },
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useReviewDocument() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: string; action: 'verify' | 'reject' | 'delete'; note?: string }) => {
      const body = input.action === 'delete' ? { reason: input.note ?? '' } : input.action === 'reject' ? { note: input.note ?? '' } : { note: input.note || null };
      return api.post<EmployeeDocument>(`/api/documents/${input.id}/${input.action}`, body);
    },
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useRequestDocuments() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { employeeId: string; names: string[] }) =>
      api.post<DocumentRequestResult>(`/api/employees/${input.employeeId}/documents/request`, { names: input.names }),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useCloseRequest() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: string; documentId?: string }) =>
      input.documentId
        ? api.post<DocumentRequest>(`/api/documents/requests/${input.id}/fulfil`, { documentId: input.documentId })
        : api.post<DocumentRequest>(`/api/documents/requests/${input.id}/cancel`),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useSaveDocumentType() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id?: string; create?: DocumentTypeCreate; update?: DocumentTypeUpdate }) =>
      input.id ? api.patch<DocumentType>(`/api/documents/types/${input.id}`, input.update) : api.post<DocumentType>('/api/documents/types', input.create),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}

export function useSetChecklist() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { employmentType: EmploymentType; body: ChecklistUpdate }) =>
      api.put<DocumentTypeList>(`/api/documents/checklists/${input.employmentType}`, input.body),
    onSuccess: invalidate,
    meta: { silent: true },
  });
}
