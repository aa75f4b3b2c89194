/**
 * What CloudFront needs from us-east-1: its WAF web ACL and, with a custom domain, the ACM
 * certificate (validated by DNS in the stage's hosted zone). In a stage whose region is us-east-1
 * these sit in the portal stack itself; elsewhere in `Portal-<stage>-edge`, deployed first, whose
 * values the portal stack reads across regions (Fn::GetStackOutput, no custom resource).
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as route53 from 'aws-cdk-lib/aws-route53';
import { Construct } from 'constructs';
import type { Stage } from './config.js';
import { CloudFrontWebAcl } from './waf.js';

export const EDGE_REGION = 'us-east-1';
export const edgeStackName = (stage: Pick<Stage, 'name'>) => `Portal-${stage.name}-edge`;

/** The hosted zone of the stage's custom domain (no lookup: synth stays offline). */
export const hostedZone = (scope: Construct, domain: NonNullable<Stage['domain']>) =>
  route53.HostedZone.fromHostedZoneAttributes(scope, 'Zone', { hostedZoneId: domain.hostedZoneId, zoneName: domain.hostedZoneName });

export class EdgeResources extends Construct {
  readonly webAcl: CloudFrontWebAcl;
  readonly certificate?: acm.Certificate;

  constructor(scope: Construct, id: string, props: { stage: Stage }) {
    super(scope, id);
    const { stage } = props;
    this.webAcl = new CloudFrontWebAcl(this, 'Waf', { stage });
    if (stage.domain) {
      this.certificate = new acm.Certificate(this, 'Certificate', {
        certificateName: `portal-${stage.name}`,
        domainName: stage.domain.name,
        validation: acm.CertificateValidation.fromDns(hostedZone(this, stage.domain)),
      });
    }
  }
}

export class EdgeStack extends Stack {
  readonly edge: EdgeResources;

  constructor(scope: Construct, stage: Stage, props: StackProps) {
    super(scope, edgeStackName(stage), { description: `Customer portal, stage ${stage.name}: CloudFront's WAF and certificate (us-east-1)`, ...props });
    this.edge = new EdgeResources(this, 'Edge', { stage });
  }
}
