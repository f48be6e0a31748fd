import type { Role } from '@quotebook/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { IDENTITY_SCHEMA } from '../identity.schema';

@Entity({ name: 'users', schema: IDENTITY_SCHEMA })
export class User {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  username: string;

  @Column('text', { name: 'password_hash' })
  passwordHash: string;

  @Column('text')
  name: string;

  @Column('text')
  email: string;

  @Column('text')
  role: Role;

  @Column('uuid', { name: 'tenant_id', nullable: true })
  tenantId: string | null;

  /** raised when the user's tokens must stop working: deletion, a role or password change */
  @Column('integer', { name: 'session_version', default: 1 })
  sessionVersion: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
