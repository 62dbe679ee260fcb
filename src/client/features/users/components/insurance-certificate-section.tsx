import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CERTIFICATE_TOO_LARGE, MAX_CERTIFICATE_BYTES } from '@/shared/insurance';
import { insuranceCertificateFieldsSchema, type InsuranceCertificateFields } from '@/shared/schemas/insurance';
import { CertificateDetails } from '@/client/components/certificate-details';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { fieldAria, FormField } from '@/client/components/ui/form-field';
import { Input } from '@/client/components/ui/input';
import { LoadError } from '@/client/components/ui/states';
import { toast } from '@/client/lib/use-toast';
import { isApiError } from '@/client/lib/api-client';
import { useInsuranceCertificate } from '../api/get-insurance-certificate';
import { useUploadInsuranceCertificate } from '../api/upload-insurance-certificate';
import { showServerIssues } from '../lib/server-issues';

/**
 * The profile's "Certificate of insurance" section (docs/product.md#insurance-certificates-and-licence-states): the
 * current certificate and a form to upload a new one (a PDF or image up to 10 MB with its insurer,
 * policy number and expiry date). Owners who require proof of insurance see it on the user's requests.
 */
export function InsuranceCertificateSection({ userId }: { userId: string }) {
  const certificate = useInsuranceCertificate(userId);
  const upload = useUploadInsuranceCertificate(userId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [formKey, setFormKey] = useState(0);
  const id = useId();
  const form = useForm<InsuranceCertificateFields>({
    resolver: zodResolver(insuranceCertificateFieldsSchema),
    defaultValues: { insurer: '', policyNumber: '', expiresOn: '' },
  });
  const { errors } = form.formState;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && chosen.size > MAX_CERTIFICATE_BYTES ? CERTIFICATE_TOO_LARGE : undefined);
  };

  const submit = form.handleSubmit((fields) => {
    if (!file) return setFileError('Choose the certificate file (PDF or image).');
    if (file.size > MAX_CERTIFICATE_BYTES) return setFileError(CERTIFICATE_TOO_LARGE);
    upload.mutate(
      { fields, file },
      {
        onSuccess: () => {
          toast({ title: 'Certificate uploaded', description: 'Owners of spaces you book can now see it.' });
          form.reset();
          setFile(null);
          setFormKey((key) => key + 1);
        },
        onError: (error) => {
          if (showServerIssues(error, form.setError, ['insurer', 'policyNumber', 'expiresOn'])) return;
          const message = isApiError(error) ? (error.serverMessage ?? error.message) : 'Please try again later.';
          if (isApiError(error, 413, 415)) return setFileError(message);
          toast({ variant: 'destructive', title: 'Could not upload the certificate', description: message });
        },
      },
    );
  });

  return (
    <Card data-testid="insurance-certificate">
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Certificate of insurance</h2>
        <CardDescription>
          Some spaces require proof of malpractice insurance valid through the last day you book. Only you and the owners of spaces you book
          can see your certificate.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {certificate.isPending ? (
          <p className="text-sm text-slate-600">Loading your certificate…</p>
        ) : certificate.isError ? (
          <LoadError>Your certificate could not be loaded. Please try again later.</LoadError>
        ) : certificate.data ? (
          <CertificateDetails certificate={certificate.data} />
        ) : (
          <p className="text-sm text-slate-600">No certificate uploaded yet.</p>
        )}
        <form
          key={formKey}
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={submit}
          noValidate
          aria-label="Upload a certificate of insurance"
        >
          <FormField id={`${id}-file`} label="Certificate file (PDF or image, up to 10 MB)" error={fileError} className="sm:col-span-2">
            <Input
              {...fieldAria(`${id}-file`, fileError)}
              type="file"
              accept="application/pdf,image/png,image/jpeg,image/webp"
              onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
            />
          </FormField>
          <FormField id={`${id}-insurer`} label="Insurer" error={errors.insurer?.message}>
            <Input {...fieldAria(`${id}-insurer`, errors.insurer?.message)} autoComplete="off" {...form.register('insurer')} />
          </FormField>
          <FormField id={`${id}-policy`} label="Policy number" error={errors.policyNumber?.message}>
            <Input {...fieldAria(`${id}-policy`, errors.policyNumber?.message)} autoComplete="off" {...form.register('policyNumber')} />
          </FormField>
          <FormField id={`${id}-expires`} label="Expiry date" error={errors.expiresOn?.message}>
            <Input {...fieldAria(`${id}-expires`, errors.expiresOn?.message)} type="date" {...form.register('expiresOn')} />
          </FormField>
          <div className="flex items-end">
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
              {certificate.data ? 'Upload new certificate' : 'Upload certificate'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
