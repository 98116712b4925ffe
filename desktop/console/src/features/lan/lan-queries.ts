import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LanSettingsUpdate, LanTrust, PairingCodeIssued, PairingCodeState } from '../../../../../shared/lan.ts';
import { api } from '../../lib/api.ts';

const lanKey = ['lan'] as const;

/** What a device needs to trust this PC; public (the trust page is read before signing in). */
export function useLanTrust() {
  return useQuery({ queryKey: [...lanKey, 'trust'], queryFn: () => api.get<LanTrust>('/api/lan/trust', undefined, { redirectOn401: false }) });
}

export function useUpdateLanSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LanSettingsUpdate) => api.put<LanTrust>('/api/lan/settings', input),
    onSuccess: (trust) => qc.setQueryData([...lanKey, 'trust'], trust),
  });
}

export function useIssuePairingCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PairingCodeIssued>('/api/lan/pairing-codes'),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [...lanKey, 'pairing'] }),
  });
}

/** What became of the last pairing code; polled while one is waiting. */
export function usePairingState(enabled: boolean) {
  return useQuery({
    queryKey: [...lanKey, 'pairing'],
    queryFn: () => api.get<PairingCodeState>('/api/lan/pairing-codes/current'),
    enabled,
    refetchInterval: (query) => (query.state.data?.state === 'waiting' ? 3_000 : false),
  });
}
